resource "terraform_data" "queue" {
  input = 42
}

resource "terraform_data" "queue1" {

  lifecycle {
    ignore_changes = [input]
  }
}

module "nested" {
  source = "./modules/nest"
  input = "d"
}

output "summary" {
  value = terraform_data.queue1.output
}

check "health" {
  assert {
    condition     = terraform.workspace == "default"
    error_message = "Check health failed."
  }
}

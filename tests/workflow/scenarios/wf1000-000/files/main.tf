resource "terraform_data" "cache" {
  input = ["a", "b"]
  triggers_replace = [1, 2]

  lifecycle {
    ignore_changes = [input]
  }
}

module "wrapper" {
  source = "./modules/wrap"
  input = { a = 1 }
}

output "out" {
  value = terraform_data.cache.id
}

check "health" {
  assert {
    condition     = terraform.workspace != "dev"
    error_message = "Check health failed."
  }
}

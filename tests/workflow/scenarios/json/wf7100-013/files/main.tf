resource "terraform_data" "item" {
  count = 2
  input = { a = 1, b = "x" }
}

resource "terraform_data" "db" {
  count = 2
  input = var.enabled

  lifecycle {
    replace_triggered_by = [terraform_data.item]
  }
}

resource "terraform_data" "queue" {
  input = "v-${terraform.workspace}"
  triggers_replace = [1, 2]

  lifecycle {
    replace_triggered_by = [terraform_data.db]
  }
}

module "boxes" {
  source = "./modules/box"
  in = "m"
  n = 0
}

output "result" {
  value = terraform_data.db[*].output
}

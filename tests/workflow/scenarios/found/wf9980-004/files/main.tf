locals {
  label = keys(var.tags)
}

resource "terraform_data" "a" {
  count = 3
  input = "hello"
  triggers_replace = "v1"
}

resource "terraform_data" "b" {
  input = var.cfg
  depends_on = [terraform_data.a]
}

module "boxes" {
  source = "./modules/box"
  for_each = { one = "1", two = "2" }
  in = "m"
  n = 2
}

output "out" {
  value = terraform_data.a[*].output

  precondition {
    condition     = length(jsonencode(terraform_data.a[*].output)) > 0
    error_message = "The precondition failed."
  }
}

output "result" {
  value = terraform.workspace
}

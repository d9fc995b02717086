locals {
  label = "pre-${terraform.workspace}"
}

data "terraform_remote_state" "shared" {
  backend = "local"

  config = {
    path = "shared/terraform.tfstate"
  }
}

resource "terraform_data" "b" {
}

resource "terraform_data" "b1" {
  input = var.tags
}

resource "terraform_data" "a" {
  for_each = var.tags
  input = terraform_data.b.id
}

output "ids" {
  value = { for k, v in terraform_data.a : k => v.output }
}

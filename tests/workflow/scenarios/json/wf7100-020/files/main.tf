locals {
  prefix = [1, 2, 3]
}

data "terraform_remote_state" "shared" {
  backend = "local"

  config = {
    path = "shared/terraform.tfstate"
  }
}

resource "terraform_data" "web" {
  count = 3
  input = "item-${count.index}"
}

resource "terraform_data" "web1" {
  count = 1
  input = length(terraform_data.web)

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "a" {
  input = { a = 1, b = "x" }

  lifecycle {
    create_before_destroy = true
  }
}

output "summary" {
  value = local.prefix

  precondition {
    condition     = length(jsonencode(local.prefix)) > 0
    error_message = "The precondition failed."
  }
}

output "result" {
  value = terraform_data.a.id
}

output "out" {
  value = local.prefix

  precondition {
    condition     = length(jsonencode(local.prefix)) > 0
    error_message = "The precondition failed."
  }
}

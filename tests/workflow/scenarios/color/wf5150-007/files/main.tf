locals {
  label = { env = terraform.workspace, team = "core" }
}

data "terraform_remote_state" "shared" {
  backend = "local"

  config = {
    path = "shared/terraform.tfstate"
  }
}

resource "terraform_data" "a" {
  input = "hello"
  triggers_replace = "v1"

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "item" {
  for_each = toset(["a", "b"])
  input = each.key

  lifecycle {
    create_before_destroy = true
  }
}

output "ids" {
  value = local.label
}

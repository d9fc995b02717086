locals {
  prefix = { env = terraform.workspace, team = "core" }
}

data "terraform_remote_state" "shared" {
  backend = "local"

  config = {
    path = "shared/terraform.tfstate"
  }
}

resource "terraform_data" "a" {
  input = data.terraform_remote_state.shared.outputs.greeting
  triggers_replace = [1, 2]

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "a1" {
  input = ["a", "b"]
}

resource "terraform_data" "cache" {
  count = 3
  input = data.terraform_remote_state.shared.outputs.greeting

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "queue" {
  input = 42

  lifecycle {
    ignore_changes = [input]
    replace_triggered_by = [terraform_data.cache]
  }
}

locals {
  merged = { env = terraform.workspace, team = "core" }
}

locals {
  count_of = "pre-${terraform.workspace}"
}

data "terraform_remote_state" "shared" {
  backend = "local"

  config = {
    path = "shared/terraform.tfstate"
  }
}

resource "terraform_data" "web" {
  count = 2
  input = ["a", "b"]
}

resource "terraform_data" "a" {
  for_each = toset(["a", "b"])
  input = length(terraform_data.web)
  depends_on = [terraform_data.web]
}

resource "terraform_data" "b" {
  input = { for k, v in terraform_data.a : k => v.output }

  lifecycle {
    ignore_changes = [input]
  }
}

resource "terraform_data" "imported" {
}

module "nested" {
  source = "./modules/nest"
  for_each = { one = "1", two = "2" }
  input = "deep"
}

output "result" {
  value = [for v in terraform_data.a : v.id]
}

check "health" {
  assert {
    condition     = var.size != 1
    error_message = "Check health failed."
  }
}

import {
  to = terraform_data.imported
  id = "import-3-id"
}

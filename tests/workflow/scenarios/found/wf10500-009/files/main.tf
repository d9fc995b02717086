locals {
  prefix = lower(var.name)
}

locals {
  combo = { env = terraform.workspace, team = "core" }
}

data "terraform_remote_state" "shared" {
  backend = "local"

  config = {
    path = "shared/terraform.tfstate"
  }
}

resource "terraform_data" "cache" {
  count = 2
  input = var.name
}

resource "terraform_data" "item" {
  input = length(terraform_data.cache)
  depends_on = [terraform_data.cache]
}

resource "terraform_data" "imported" {
}

output "result" {
  value = var.name
}

output "result1" {
  value = var.name

  precondition {
    condition     = length(jsonencode(var.name)) > 0
    error_message = "The precondition failed."
  }
}

output "ids" {
  value = terraform_data.cache[*].output
}

import {
  to = terraform_data.imported
  id = "import-2-id"
}

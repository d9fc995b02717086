locals {
  prefix = var.size + 1
}

resource "terraform_data" "db" {
  count = 3
  input = ["a", "b"]

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "db1" {
  input = "v-${terraform.workspace}"
  triggers_replace = "v1"

  lifecycle {
    replace_triggered_by = [terraform_data.db]
  }
}

resource "terraform_data" "imported" {
}

module "boxes" {
  source = "./modules/box"
  in = "k"
  n = 1
}

output "result" {
  value = module.boxes.ids

  precondition {
    condition     = length(jsonencode(module.boxes.ids)) > 0
    error_message = "The precondition failed."
  }
}

import {
  to = terraform_data.imported
  id = "import-2-id"
}

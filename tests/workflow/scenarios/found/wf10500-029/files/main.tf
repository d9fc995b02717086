resource "terraform_data" "queue" {
  count = 2
  input = "item-${count.index}"
}

resource "terraform_data" "queue1" {
  count = 2
  input = var.name
  triggers_replace = "v1"
}

resource "terraform_data" "imported" {
}

module "boxes" {
  source = "./modules/box"
  count  = 2
  in = "k"
  n = 0
}

output "result" {
  value = terraform.workspace
}

import {
  to = terraform_data.imported
  id = "import-2-id"
}

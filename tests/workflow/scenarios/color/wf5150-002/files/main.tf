resource "terraform_data" "b" {
  count = 1
  input = "item-${count.index}"
}

resource "terraform_data" "imported" {
}

module "boxes" {
  source = "./modules/box"
  in = "k"
  n = 0
}

module "wrapper" {
  source = "./modules/wrap"
  input = "w"
}

output "summary" {
  value = module.boxes.ids
}

output "value" {
  value = module.wrapper.output
}

import {
  to = terraform_data.imported
  id = "import-1-id"
}

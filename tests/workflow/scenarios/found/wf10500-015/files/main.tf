resource "terraform_data" "b" {
  input = var.size
}

resource "terraform_data" "b1" {
  depends_on = [terraform_data.b]
}

resource "terraform_data" "imported" {
}

module "nested" {
  source = "./modules/nest"
  input = "d"
}

import {
  to = terraform_data.imported
  id = "import-2-id"
}

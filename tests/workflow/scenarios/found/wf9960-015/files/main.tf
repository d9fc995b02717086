resource "terraform_data" "web" {
  count = 2
  input = 42
}

resource "terraform_data" "db" {
  triggers_replace = [1, 2]

  lifecycle {
    create_before_destroy = true
    prevent_destroy = true
  }
}

resource "terraform_data" "imported" {
}

module "boxes" {
  source = "./modules/box"
  count  = 2
  in = "m"
  n = 1
}

import {
  to = terraform_data.imported
  id = "import-2-id"
}

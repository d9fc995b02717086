locals {
  count_of = "pre-${terraform.workspace}"
}

resource "terraform_data" "app" {
  input = upper(var.name1)
}

resource "terraform_data" "item" {
  for_each = toset(["k1", "k2", "k3"])
  input = local.count_of
}

module "nested" {
  source = "./modules/nest"
  count  = 1
  input = "d"
}

module "boxes" {
  source = "./modules/box"
  count  = 2
  in = var.name
  n = 1
}

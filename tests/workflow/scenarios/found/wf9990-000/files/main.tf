locals {
  count_of = "pre-${terraform.workspace}"
}

locals {
  prefix = length(var.zones)
}

resource "terraform_data" "a" {
  input = "v-${terraform.workspace}"

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "a1" {
  input = var.cfg
  triggers_replace = terraform_data.a.id
}

resource "terraform_data" "db" {
  input = { a = 1, b = "x" }

  lifecycle {
    replace_triggered_by = [terraform_data.a1]
  }
}

resource "terraform_data" "item" {
  input = 42
  triggers_replace = terraform_data.db.id

  lifecycle {
    prevent_destroy = true
  }
}

module "boxes" {
  source = "./modules/box"
  count  = 1
  in = "m"
  n = 0
}

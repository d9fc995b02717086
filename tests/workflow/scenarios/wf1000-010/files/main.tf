locals {
  label = { env = terraform.workspace, team = "core" }
}

locals {
  merged = "pre-${terraform.workspace}"
}

resource "terraform_data" "web" {
  for_each = toset(["k1", "k2", "k3"])
  input = local.label
}

resource "terraform_data" "item" {
  count = 1
  input = "item-${count.index}"
  depends_on = [terraform_data.web]

  lifecycle {
    ignore_changes = all
  }
}

module "wrapper" {
  source = "./modules/wrap"
  input = "z"
}

module "boxes" {
  source = "./modules/box"
  in = "m"
  n = 0
}

output "ids" {
  value = module.boxes.ids
}

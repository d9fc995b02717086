locals {
  merged = var.size + 1
}

resource "terraform_data" "cache" {
  input = ["a", "b"]
}

resource "terraform_data" "item" {
  input = local.merged
}

module "boxes" {
  source = "./modules/box"
  in = "k"
  n = 0
}

output "value" {
  value = module.boxes.ids
}

resource "terraform_data" "item" {
  for_each = toset(["k1", "k2", "k3"])
  input = var.tags

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "app" {
  for_each = var.tags
  input = 42
}

module "boxes" {
  source = "./modules/box"
  in = "k"
  n = 1
}

module "boxes1" {
  source = "./modules/box"
  in = "k"
  n = 2
}

output "summary" {
  value = [for v in terraform_data.item : v.id]
}

output "out" {
  value = { for k, v in terraform_data.app : k => v.output }
  sensitive = true
}

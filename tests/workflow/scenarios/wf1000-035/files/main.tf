resource "terraform_data" "item" {
  input = { a = 1, b = "x" }
}

module "boxes" {
  source = "./modules/box"
  count  = 1
  in = "k"
  n = 2
}

module "wrapper" {
  source = "./modules/wrap"
  count  = 1
  input = "w"
}

output "value" {
  value = terraform_data.item.id
}

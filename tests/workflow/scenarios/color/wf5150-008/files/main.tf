resource "terraform_data" "web" {
  input = ["a", "b"]
  triggers_replace = [1, 2]
}

resource "terraform_data" "item" {
  count = length(var.zones)
  input = terraform_data.web.id
}

resource "terraform_data" "b" {
  count = 1
  input = terraform_data.web.output
}

module "nested" {
  source = "./modules/nest"
  input = "d"
}

module "box" {
  source = "./modules/box"
}

resource "terraform_data" "a" {}

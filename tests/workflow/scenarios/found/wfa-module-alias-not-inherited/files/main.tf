provider "terraform" {
  alias = "second"
}

module "box" {
  source = "./modules/box"
}

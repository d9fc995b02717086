data "terraform_remote_state" "shared" {
  backend = "local"

  config = {
    path = "shared/terraform.tfstate"
  }
}

resource "terraform_data" "a" {
  for_each = toset(["a", "b"])
  input = ["a", "b"]
}

module "boxes" {
  source = "./modules/box"
  in = "k"
  n = 1
}

output "out" {
  value = terraform.workspace
}

resource "terraform_data" "path" {
  input = "network/terraform.tfstate"
}

data "terraform_remote_state" "network" {
  backend = "local"

  config = {
    path = terraform_data.path.output
  }
}

output "vpc_cidr" {
  value = data.terraform_remote_state.network.outputs.cidr
}

resource "terraform_data" "gate" {
  input = "v1"
}

data "terraform_remote_state" "network" {
  backend = "local"

  config = {
    path = "network/terraform.tfstate"
  }

  depends_on = [terraform_data.gate]
}

resource "terraform_data" "ref" {
  input = "network/terraform.tfstate"
}

data "terraform_remote_state" "direct" {
  backend = "local"

  config = {
    path = terraform_data.ref.input
  }
}

output "vpc_cidr" {
  value = data.terraform_remote_state.network.outputs.cidr
}

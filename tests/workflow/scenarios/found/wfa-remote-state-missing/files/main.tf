data "terraform_remote_state" "network" {
  backend = "local"

  config = {
    path = "network/terraform.tfstate"
  }
}

output "o" {
  value = data.terraform_remote_state.network.outputs
}

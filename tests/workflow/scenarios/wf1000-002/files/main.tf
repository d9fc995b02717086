locals {
  label = join(",", var.zones)
}

locals {
  label1 = { env = terraform.workspace, team = "core" }
}

data "terraform_remote_state" "shared" {
  backend = "local"

  config = {
    path = "shared/terraform.tfstate"
  }
}

resource "terraform_data" "b" {
  count = length(var.zones)
  input = local.label1
}

resource "terraform_data" "a" {
  input = data.terraform_remote_state.shared.outputs.greeting
}

resource "terraform_data" "cache" {
  count = 2
  input = "item-${count.index}"
}

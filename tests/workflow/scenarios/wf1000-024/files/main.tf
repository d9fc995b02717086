locals {
  label = "pre-${terraform.workspace}"
}

locals {
  label1 = "pre-${terraform.workspace}"
}

data "terraform_remote_state" "shared" {
  backend = "local"

  config = {
    path = "shared/terraform.tfstate"
  }
}

resource "terraform_data" "item" {
  for_each = toset(["k1", "k2", "k3"])
  input = 42
}

resource "terraform_data" "db" {
  for_each = toset(["k1", "k2", "k3"])
  input = "v-${terraform.workspace}"

  lifecycle {
    replace_triggered_by = [terraform_data.item]
  }
}

check "health" {
  assert {
    condition     = terraform.workspace == "default"
    error_message = "Check health failed."
  }
}

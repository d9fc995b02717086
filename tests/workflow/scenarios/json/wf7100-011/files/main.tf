locals {
  prefix = [1, 2, 3]
}

locals {
  merged = [local.prefix]
}

data "terraform_remote_state" "shared" {
  backend = "local"

  config = {
    path = "shared/terraform.tfstate"
  }
}

resource "terraform_data" "b" {
  input = var.cfg
}

resource "terraform_data" "a" {
  count = 2

  lifecycle {
    create_before_destroy = true
  }
}

module "nested" {
  source = "./modules/nest"
  input = "d"
}

output "summary" {
  value = var.cfg
}

check "health" {
  assert {
    condition     = terraform.workspace != "dev"
    error_message = "Check health failed."
  }
}

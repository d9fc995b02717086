locals {
  label = lower(var.name)
}

data "terraform_remote_state" "shared" {
  backend = "local"

  config = {
    path = "shared/terraform.tfstate"
  }
}

resource "terraform_data" "a" {

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "queue" {
  count = 1
  input = "item-${count.index}"
  triggers_replace = "v1"
  depends_on = [terraform_data.a]
}

resource "terraform_data" "a1" {
  count = 1
  input = terraform_data.a.output
  depends_on = [terraform_data.a]

  lifecycle {
    ignore_changes = all
  }
}

module "boxes" {
  source = "./modules/box"
  for_each = toset(["p", "q"])
  in = each.key
  n = 2
}

output "ids" {
  value = terraform_data.a.output
}

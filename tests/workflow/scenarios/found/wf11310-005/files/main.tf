locals {
  combo = "pre-${terraform.workspace}"
}

resource "terraform_data" "db" {
  count = length(var.zones)
  input = "item-${count.index}"

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "app" {
}

resource "terraform_data" "app1" {
  input = var.name

  lifecycle {
    replace_triggered_by = [terraform_data.db]
  }
}

module "wrapper" {
  source = "./modules/wrap"
  input = var.name
}

output "out" {
  value = terraform_data.app1.id
}

output "summary" {
  value = terraform_data.app.output
}

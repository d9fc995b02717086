locals {
  prefix = "pre-${terraform.workspace}"
}

locals {
  combo = [1, 2, 3]
}

resource "terraform_data" "a" {
  input = true
  depends_on = [terraform_data.item]
}

resource "terraform_data" "item" {
  input = terraform_data.a.output
  depends_on = [terraform_data.a]

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "cache" {
  input = "hello"

  lifecycle {
    prevent_destroy = true
  }
}

module "boxes" {
  source = "./modules/box"
  in = "m"
  n = 0
}

module "wrapper" {
  source = "./modules/wrap"
  count  = 1
  input = { a = 1 }
}

output "result" {
  value = terraform_data.item.output
}

output "out" {
  value = module.boxes.ids
}

check "health" {
  assert {
    condition     = terraform.workspace != "dev"
    error_message = "Check health failed."
  }
}

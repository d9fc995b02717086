locals {
  count_of = lower(var.name)
}

resource "terraform_data" "web" {
  count = 3
  input = 42

  lifecycle {
    ignore_changes = [input]
  }
}

resource "terraform_data" "app" {
  input = var.name
  depends_on = [terraform_data.web]

  lifecycle {
    create_before_destroy = true
  }
}

module "wrapper" {
  source = "./modules/wrap"
  input = "w"
}

output "summary" {
  value = var.name

  precondition {
    condition     = length(jsonencode(var.name)) > 0
    error_message = "The precondition failed."
  }
}

check "health" {
  assert {
    condition     = length(var.name) < 5
    error_message = "Check health failed."
  }
}

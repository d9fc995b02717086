locals {
  prefix = { env = terraform.workspace, team = "core" }
}

resource "terraform_data" "b" {
  count = 2
  input = var.size
}

resource "terraform_data" "web" {
  count = var.size
  input = ["a", "b"]
}

resource "terraform_data" "app" {
  count = 2
  input = true

  lifecycle {
    create_before_destroy = true
    replace_triggered_by = [terraform_data.web]
  }
}

output "out" {
  value = local.prefix
}

check "health" {
  assert {
    condition     = var.size < 3
    error_message = "Check health failed."
  }
}

resource "terraform_data" "app" {
  input = { a = 1, b = "x" }
  triggers_replace = "v1"

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "app1" {
  count = 3
  input = { a = 1, b = "x" }
  triggers_replace = "v1"

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "db" {
  count = 3
  input = terraform_data.app.id
  depends_on = [terraform_data.app1]
}

resource "terraform_data" "imported" {
}

output "out" {
  value = terraform.workspace

  precondition {
    condition     = length(jsonencode(terraform.workspace)) > 0
    error_message = "The precondition failed."
  }
}

output "value" {
  value = terraform.workspace
}

output "out1" {
  value = var.cfg
}

check "health" {
  assert {
    condition     = terraform.workspace == "default"
    error_message = "Check health failed."
  }
}

import {
  to = terraform_data.imported
  id = "import-3-id"
}

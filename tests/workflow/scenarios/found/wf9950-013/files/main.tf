locals {
  combo = [1, 2, 3]
}

resource "terraform_data" "db" {
  input = var.name
  triggers_replace = "v1"

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "db1" {
  input = { a = 1, b = "x" }
}

resource "terraform_data" "app" {
  count = 3
  input = 42
  triggers_replace = terraform_data.db1.id
  depends_on = [terraform_data.db]

  lifecycle {
    prevent_destroy = true
  }
}

resource "terraform_data" "imported" {
}

import {
  to = terraform_data.imported
  id = "import-3-id"
}

locals {
  merged = [1, 2, 3]
}

data "terraform_remote_state" "shared" {
  backend = "local"

  config = {
    path = "shared/terraform.tfstate"
  }
}

resource "terraform_data" "b" {
  input = 42
}

resource "terraform_data" "queue" {
  count = 3
  input = var.tags
}

resource "terraform_data" "queue1" {
  input = var.enabled
  triggers_replace = terraform_data.queue[*].id
}

resource "terraform_data" "db" {
  count = 2
  input = var.tags
}

resource "terraform_data" "imported" {
}

output "out" {
  value = terraform_data.db[*].id
}

import {
  to = terraform_data.imported
  id = "import-4-id"
}

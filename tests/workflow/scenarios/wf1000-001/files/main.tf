locals {
  combo = merge(var.tags, { z = "26" })
}

locals {
  count_of = [local.combo]
}

resource "terraform_data" "b" {
  input = "hello"
}

resource "terraform_data" "imported" {
}

output "value" {
  value = local.combo
}

output "value1" {
  value = terraform_data.b.id
  sensitive = true
}

output "value2" {
  value = terraform.workspace
}

import {
  to = terraform_data.imported
  id = "import-1-id"
}

resource "terraform_data" "a" {
  input = "hello"
  triggers_replace = [1, 2]
}

resource "terraform_data" "queue" {
  input = var.enabled
  depends_on = [terraform_data.a]
}

resource "terraform_data" "app" {
  for_each = toset(["k1", "k2", "k3"])
  input = true
}

resource "terraform_data" "a1" {
  for_each = toset(["k1", "k2", "k3"])
  input = 42
  depends_on = [terraform_data.a]
}

resource "terraform_data" "imported" {
}

module "wrapper" {
  source = "./modules/wrap"
  for_each = toset(["p", "q"])
  input = "w"
}

output "value" {
  value = terraform_data.a.output
  sensitive = true
}

output "result" {
  value = var.enabled
}

import {
  to = terraform_data.imported
  id = "import-4-id"
}

locals {
  merged = { env = terraform.workspace, team = "core" }
}

resource "terraform_data" "app" {
  count = 3
  input = 42
}

resource "terraform_data" "queue" {
  input = terraform_data.app[*].id
  triggers_replace = terraform_data.app[*].id
}

module "nested" {
  source = "./modules/nest"
  input = "d"
}

output "summary" {
  value = terraform_data.queue.id
}

check "health" {
  assert {
    condition     = terraform.workspace == "default"
    error_message = "Check health failed."
  }
}

locals {
  merged = { env = terraform.workspace, team = "core" }
}

locals {
  count_of = [local.merged]
}

data "terraform_remote_state" "shared" {
  backend = "local"

  config = {
    path = "shared/terraform.tfstate"
  }
}

resource "terraform_data" "cache" {
  count = 1
  input = data.terraform_remote_state.shared.outputs.greeting
  triggers_replace = [1, 2]
}

resource "terraform_data" "web" {
  count = 1
  input = "v-${terraform.workspace}"
}

module "boxes" {
  source = "./modules/box"
  for_each = { one = "1", two = "2" }
  in = "m"
  n = 2
}

output "summary" {
  value = terraform_data.cache[*].id
}

output "summary1" {
  value = terraform_data.cache[*].id

  precondition {
    condition     = length(jsonencode(terraform_data.cache[*].id)) > 0
    error_message = "The precondition failed."
  }
}

output "summary2" {
  value = terraform_data.web[*].output
  sensitive = true
}

check "health" {
  assert {
    condition     = terraform.workspace != "dev"
    error_message = "Check health failed."
  }
}

resource "terraform_data" "cache" {
  input = "dup"
}

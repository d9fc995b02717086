data "terraform_remote_state" "shared" {
  backend = "local"

  config = {
    path = "shared/terraform.tfstate"
  }
}

resource "terraform_data" "cache" {
  count = var.size
  input = var.enabled

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "item" {
  input = var.size
}

resource "terraform_data" "item1" {
  for_each = { x = "1", y = "2" }
  input = 42
  triggers_replace = terraform_data.cache[*].id

  lifecycle {
    ignore_changes = all
  }
}

output "summary" {
  value = terraform_data.item.output
}

output "out" {
  value = data.terraform_remote_state.shared.outputs

  precondition {
    condition     = length(jsonencode(data.terraform_remote_state.shared.outputs)) > 0
    error_message = "The precondition failed."
  }
}

check "health" {
  assert {
    condition     = var.size < 3
    error_message = "Check health failed."
  }
}

resource "terraform_data" "cache" {
  input = "dup"
}

locals {
  label = "${var.name}-x"
}

resource "terraform_data" "cache" {
  for_each = { x = "1", y = "2" }
  input = "${each.key}=${each.value}"
  triggers_replace = "v1"

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "item" {
  count = 2
  input = [for v in terraform_data.cache : v.id]
  triggers_replace = [for v in terraform_data.cache : v.id]
}

output "result" {
  value = local.label
}

check "health" {
  assert {
    condition     = var.name != "beta"
    error_message = "Check health failed."
  }
}

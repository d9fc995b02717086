resource "terraform_data" "cache" {
  input = ["a", "b"]
}

resource "terraform_data" "queue" {
  input = terraform_data.cache.output
}

resource "terraform_data" "b" {
  input = "v-${terraform.workspace}"
  triggers_replace = terraform_data.cache.id
}

resource "terraform_data" "queue1" {
  input = var.zones

  lifecycle {
    prevent_destroy = true
    replace_triggered_by = [terraform_data.b]
  }
}

output "summary" {
  value = var.enabled
}

output "summary1" {
  value = terraform_data.queue1.output
}

check "health" {
  assert {
    condition     = length(var.zones) > 1
    error_message = "Check health failed."
  }
}

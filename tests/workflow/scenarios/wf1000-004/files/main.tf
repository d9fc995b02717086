resource "terraform_data" "web" {
  for_each = { x = "1", y = "2" }
  input = true

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "web1" {
  input = { for k, v in terraform_data.web : k => v.output }
  depends_on = [terraform_data.web]

  lifecycle {
    replace_triggered_by = [terraform_data.web]
  }
}

resource "terraform_data" "item" {
  input = var.zones
}

output "summary" {
  value = var.zones

  precondition {
    condition     = length(jsonencode(var.zones)) > 0
    error_message = "The precondition failed."
  }
}

output "summary1" {
  value = { for k, v in terraform_data.web : k => v.output }
}

output "result" {
  value = terraform.workspace

  precondition {
    condition     = length(jsonencode(terraform.workspace)) > 0
    error_message = "The precondition failed."
  }
}

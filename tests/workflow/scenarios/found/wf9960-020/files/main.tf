locals {
  merged = [1, 2, 3]
}

resource "terraform_data" "a" {
  for_each = toset(["k1", "k2", "k3"])
  input = var.name
  triggers_replace = "v1"
}

resource "terraform_data" "db" {
  input = [for v in terraform_data.a : v.id]
  depends_on = [terraform_data.a]

  lifecycle {
    replace_triggered_by = [terraform_data.a]
  }
}

resource "terraform_data" "b" {
  input = 42
}

output "result" {
  value = terraform_data.db.output

  precondition {
    condition     = length(jsonencode(terraform_data.db.output)) > 0
    error_message = "The precondition failed."
  }
}

resource "terraform_data" "queue" {
  input = true
}

resource "terraform_data" "db" {
  input = var.name
  triggers_replace = terraform_data.queue.id

  lifecycle {
    ignore_changes = all
    replace_triggered_by = [terraform_data.queue]
  }
}

module "wrapper" {
  source = "./modules/wrap"
  input = { a = 1 }
}

output "value" {
  value = terraform.workspace

  precondition {
    condition     = length(jsonencode(terraform.workspace)) < 0
    error_message = "The precondition failed."
  }
}

resource "terraform_data" "web" {
  input = { a = 1, b = "x" }
  triggers_replace = "v1"
}

resource "terraform_data" "b" {
  input = length([terraform_data.web.id])
  depends_on = [terraform_data.web]
}

resource "terraform_data" "queue" {
  count = 1
  input = var.zones

  lifecycle {
    replace_triggered_by = [terraform_data.b]
  }
}

resource "terraform_data" "db" {
  input = length(terraform_data.queue)
  triggers_replace = "v1"
  depends_on = [terraform_data.web]

  lifecycle {
    create_before_destroy = true
  }
}

module "nested" {
  source = "./modules/nest"
  input = "deep"
}

output "value" {
  value = terraform_data.web.output

  precondition {
    condition     = length(jsonencode(terraform_data.web.output)) > 0
    error_message = "The precondition failed."
  }
}

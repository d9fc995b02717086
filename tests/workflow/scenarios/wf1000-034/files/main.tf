resource "terraform_data" "queue" {
  count = 1
}

resource "terraform_data" "web" {
  count = 1
  input = var.enabled

  lifecycle {
    ignore_changes = all
    replace_triggered_by = [terraform_data.queue]
  }
}

resource "terraform_data" "db" {
  input = true
}

module "wrapper" {
  source = "./modules/wrap"
  input = "z"
}

output "ids" {
  value = terraform_data.queue[*].output
}

output "summary" {
  value = terraform_data.queue[*].id
}

output "value" {
  value = module.wrapper.output
}

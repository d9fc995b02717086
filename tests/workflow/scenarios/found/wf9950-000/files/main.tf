resource "terraform_data" "item" {
  for_each = toset(["a", "b"])
  input = "${each.key}=${each.value}"
}

resource "terraform_data" "a" {
  count = 2
  triggers_replace = [for v in terraform_data.item : v.id]

  lifecycle {
    ignore_changes = [input]
  }
}

module "wrapper" {
  source = "./modules/wrap"
  input = var.name
}

module "nested" {
  source = "./modules/nest"
  count  = 2
  input = "deep"
}

output "result" {
  value = terraform_data.a[*].output

  precondition {
    condition     = length(jsonencode(terraform_data.a[*].output)) > 0
    error_message = "The precondition failed."
  }
}

resource "terraform_data" "item" {
  for_each = toset(["a", "b"])
  input = ["a", "b"]
}

resource "terraform_data" "app" {
  input = "v-${terraform.workspace}"
  triggers_replace = [for v in terraform_data.item : v.id]
}

resource "terraform_data" "queue" {
  input = [for v in terraform_data.item : v.id]
  triggers_replace = [for v in terraform_data.item : v.id]

  lifecycle {
    create_before_destroy = true
  }
}

module "wrapper" {
  source = "./modules/wrap"
  input = "z"
}

output "value" {
  value = terraform_data.app.output
}

output "ids" {
  value = { for k, v in terraform_data.item : k => v.output }
}

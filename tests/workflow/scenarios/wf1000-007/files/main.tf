resource "terraform_data" "app" {
  input = ["a", "b"]
  triggers_replace = [1, 2]
}

resource "terraform_data" "item" {
  count = 2
  triggers_replace = terraform_data.app.id
}

resource "terraform_data" "queue" {
  count = 2
  input = { a = 1, b = "x" }
  triggers_replace = "v1"
}

module "boxes" {
  source = "./modules/box"
  in = "k"
  n = 0
}

output "summary" {
  value = terraform.workspace
}

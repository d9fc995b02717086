resource "terraform_data" "app" {
  input = { a = 1, b = "x" }
}

resource "terraform_data" "cache" {
  count = 3
  input = terraform_data.app.id
}

resource "terraform_data" "b" {
  input = length([terraform_data.app.id])

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "queue" {
  input = true

  lifecycle {
    replace_triggered_by = [terraform_data.b]
  }
}

module "boxes" {
  source = "./modules/box"
  in = "k"
  n = 0
}

output "out" {
  value = terraform_data.app.id
}

output "ids" {
  value = terraform_data.app.id
}
